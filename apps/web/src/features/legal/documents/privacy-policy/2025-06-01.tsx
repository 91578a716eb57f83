/** Portico Privacy Policy, version effective 1 June 2025. Do not edit: publish a new version instead. */
export default function PrivacyPolicy20250601() {
  return (
    <>
      <h2>1. Who we are</h2>
      <p>
        Portico is the support and licensing portal of our storage software. This policy explains what
        personal data Portico handles when you use the portal, why, how long we keep it and what choices you
        have. “We” means the company that operates Portico; “you” means a person using it for a customer
        organization or as one of our engineers.
      </p>
      <h2>2. What we collect</h2>
      <ul>
        <li>Account details: your name, e-mail address, organization, country and time zone.</li>
        <li>
          Optional profile details: phone number, chat member identifier, notification choices and a picture.
        </li>
        <li>
          Support content: issue messages, meeting links and the files you upload, such as health reports,
          profiles, performance results, inspect bundles and legal documents.
        </li>
        <li>Cluster information: names, descriptions, capacity figures and health-check results.</li>
        <li>
          Security records: sign-ins, one-time sign-in codes sent to you, IP addresses and browser type.
        </li>
        <li>
          Error reports: when the portal fails in your browser, a report of the failure (the page, the steps
          that led to it and the browser version) is sent to our error-reporting service. Reports do not
          include your messages or files.
        </li>
      </ul>
      <h2>3. Why we use it</h2>
      <p>
        To run your account and your organization's subscription, answer issues, issue licences, keep the
        portal secure (including two-step sign-in), fix faults and tell you about changes to the service or
        these documents.
      </p>
      <h2>4. Cookies and local storage</h2>
      <p>
        Portico sets one cookie, which keeps you signed in and cannot be read by web pages. Your browser also
        keeps some display preferences for Portico, such as the sidebar size and open issue tabs. We use no
        advertising or tracking cookies.
      </p>
      <h2>5. Who we share it with</h2>
      <p>
        Our hosting provider, the conversation service that carries issue messages, our error-reporting
        service and our payment providers process data for us under written agreements. Card numbers go
        directly to the payment provider. We do not sell personal data. Some providers may process data
        outside your country; where they do, we rely on standard contractual safeguards.
      </p>
      <h2>6. How long we keep it</h2>
      <ul>
        <li>Account details: while your organization has an account, and 90 days after it is closed.</li>
        <li>Uploaded diagnostic files: 12 months after the issue they belong to is archived.</li>
        <li>Security records and error reports: 90 days.</li>
      </ul>
      <h2>7. Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or its deletion, or object to a use of it, by
        opening an issue or writing to privacy@portico.example. We answer within 30 days.
      </p>
      <h2>8. Changes</h2>
      <p>
        We publish every new version of this policy here with its effective date, keep earlier versions
        available, and tell signed-in users in the portal when a new version takes effect.
      </p>
    </>
  );
}
