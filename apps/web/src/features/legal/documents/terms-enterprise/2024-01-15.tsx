/** Portico Terms and Conditions — Enterprise plans, effective 15 January 2024. Do not edit: publish a new version. */
export default function TermsEnterprise20240115() {
  return (
    <>
      <h2>1. These terms</h2>
      <p>
        These terms apply to organizations on an Enterprise plan (Enterprise, Enterprise Lite or Enterprise
        Plus) and to their users in Portico. A signed order form, where there is one, takes precedence over
        these terms.
      </p>
      <h2>2. The subscription</h2>
      <p>
        Enterprise plans license our storage software for the contracted capacity for the contract period.
        Capacity reported by your clusters above the contracted capacity is reviewed with you and may be
        invoiced.
      </p>
      <h2>3. Support</h2>
      <ul>
        <li>Panic issues for severe outages are answered around the clock, every day of the year.</li>
        <li>Other issues are answered on business days within the response time of your plan.</li>
        <li>Your organization is given named engineers who know your installation.</li>
      </ul>
      <h2>4. Your responsibilities</h2>
      <p>
        Name the people allowed to open issues, keep their sign-in details secret and give our engineers the
        diagnostics they ask for, such as health reports and inspect bundles.
      </p>
      <h2>5. Fees</h2>
      <p>
        Fees are invoiced as set out in the order form, or charged in advance by card for self-service plans.
      </p>
      <h2>6. Confidentiality</h2>
      <p>
        Each party keeps the other's confidential information secret and uses it only for the subscription.
        Files you upload to Portico are treated as your confidential information.
      </p>
      <h2>7. Liability</h2>
      <p>
        Except where the law does not allow it, each party's total liability is limited to the fees paid in
        the twelve months before the claim.
      </p>
    </>
  );
}
