/** Portico Privacy Policy, version effective 15 January 2024. Do not edit: publish a new version instead. */
export default function PrivacyPolicy20240115() {
  return (
    <>
      <h2>1. Who we are</h2>
      <p>
        Portico is the support and licensing portal of our storage software. This policy explains what
        personal data Portico handles when you use the portal, why, and what choices you have. In this policy
        “we” means the company that operates Portico and “you” means a person using it, either for a customer
        organization or as one of our engineers.
      </p>
      <h2>2. What we collect</h2>
      <ul>
        <li>Account details: your name, e-mail address, organization, country and time zone.</li>
        <li>Optional profile details you add: phone number, chat member identifier and a profile picture.</li>
        <li>
          Support content: the messages of your issues and the files you upload to them, such as health
          reports, profiles, performance results and inspect bundles.
        </li>
        <li>
          Cluster information you register or upload: names, capacity figures and the results of health
          checks.
        </li>
        <li>Technical records: sign-in times, IP addresses and the browser used, kept in our server logs.</li>
      </ul>
      <h2>3. Why we use it</h2>
      <p>
        We use this data to run your account, answer your issues, issue and renew licences, bill
        subscriptions, keep the portal secure and tell you about changes to the service. We do not use the
        content of your issues or files for advertising.
      </p>
      <h2>4. Who we share it with</h2>
      <p>
        We share data only with the providers that run parts of Portico for us: our hosting provider, the
        conversation service that carries issue messages and our card payment providers. Card numbers go
        directly to the payment provider and never reach Portico. We do not sell personal data.
      </p>
      <h2>5. How long we keep it</h2>
      <p>
        Account details are kept while your organization has an account and for 90 days after it is closed.
        Issue messages and uploaded files are kept for as long as the issue exists in your organization's
        history.
      </p>
      <h2>6. Your rights</h2>
      <p>
        You may ask for a copy of your data, for corrections, or for deletion of data we no longer need, by
        opening an issue in Portico or by writing to privacy@portico.example. Your organization's owner can
        also remove users and files.
      </p>
      <h2>7. Security</h2>
      <p>
        Traffic to Portico is encrypted, passwords are stored only as salted hashes and uploaded files are
        checked for malware before anyone can download them.
      </p>
      <h2>8. Changes</h2>
      <p>
        When this policy changes we publish the new version here with its effective date and keep earlier
        versions available.
      </p>
    </>
  );
}
