/** Portico Terms and Conditions — Enterprise plans, effective 1 June 2025. Do not edit: publish a new version. */
export default function TermsEnterprise20250601() {
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
        Enterprise plans license our storage software for the contracted capacity, in TiB or PiB, for the
        contract period. Clusters registered in Portico report their used capacity; use above the contracted
        capacity is reviewed with you each quarter and may be invoiced at the plan's rate.
      </p>
      <h2>3. Support</h2>
      <ul>
        <li>
          Panic issues for severe outages: answered around the clock, every day, within the hours of your
          plan's SLA.
        </li>
        <li>
          Weekend priority: issues marked for the weekend are watched from Saturday 04:00 UTC to Monday 04:00
          UTC.
        </li>
        <li>
          Named engineers (an account manager, a field architect and a customer engineer) follow your account.
        </li>
        <li>Video meetings can be scheduled from an issue when a conversation is not enough.</li>
      </ul>
      <h2>4. Your responsibilities</h2>
      <p>
        Name the people allowed to open issues, remove those who leave, keep sign-in details secret, and
        provide the diagnostics our engineers ask for.
      </p>
      <h2>5. Fees</h2>
      <p>
        Fees are invoiced as set out in the order form, or charged in advance by card for self-service plans.
        Late invoices may suspend renewal of the licence after written notice.
      </p>
      <h2>6. Confidentiality and data</h2>
      <p>
        Each party keeps the other's confidential information secret. Files uploaded to Portico are your
        confidential information, are scanned for malware on arrival and are deleted as set out in the Privacy
        Policy.
      </p>
      <h2>7. Changes to these terms</h2>
      <p>
        New versions are published here with their effective date and announced in Portico at least 30 days
        ahead.
      </p>
      <h2>8. Liability</h2>
      <p>
        Except where the law does not allow it, each party's total liability is limited to the fees paid in
        the twelve months before the claim.
      </p>
    </>
  );
}
