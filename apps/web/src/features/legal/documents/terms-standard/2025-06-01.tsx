/** Portico Terms and Conditions — Standard plan, effective 1 June 2025. Do not edit: publish a new version. */
export default function TermsStandard20250601() {
  return (
    <>
      <h2>1. These terms</h2>
      <p>
        These terms apply to organizations on the Standard plan and to the people they add as users in
        Portico. Accepting them when signing up, joining an organization or subscribing binds your
        organization.
      </p>
      <h2>2. The subscription</h2>
      <p>
        The Standard plan licenses our storage software for the subscribed capacity, in TiB, for the
        subscription period. The plan renews automatically unless automatic renewal is switched off or the
        plan is cancelled in Portico before the end of the period. Capacity can be raised at any time; the
        difference is charged pro rata.
      </p>
      <h2>3. Support</h2>
      <ul>
        <li>Issues in Portico are answered on business days, 09:00 to 17:00 in your time zone.</li>
        <li>
          First answer within one business day for ordinary issues and within four business hours for panic
          issues.
        </li>
        <li>Panic issues are for severe outages only: opening one alerts every on-duty engineer.</li>
      </ul>
      <h2>4. Your responsibilities</h2>
      <p>
        Keep sign-in details and one-time codes secret, remove people who leave your organization, use the
        software within the licensed capacity and upload only data you are entitled to share with us.
      </p>
      <h2>5. Fees and payment</h2>
      <p>
        Fees are charged in advance, in US dollars or euros, by the payment provider shown at checkout. If a
        charge fails, Portico shows a notice asking you to update your payment method; after 14 days without
        payment the subscription may be marked past due and the licence not renewed.
      </p>
      <h2>6. Ending the subscription</h2>
      <p>
        Cancelling ends the subscription at the end of the paid period, and you can undo a cancellation until
        then. When it ends the licence is no longer valid and support stops; the software remains subject to
        its open-source licence terms.
      </p>
      <h2>7. Changes to these terms</h2>
      <p>
        We publish new versions here with their effective date and ask users to review them in Portico.
        Continuing to use the subscription after that date means accepting the new version.
      </p>
      <h2>8. Liability</h2>
      <p>
        Except where the law does not allow it, our total liability under these terms is limited to the fees
        your organization paid in the twelve months before the claim.
      </p>
    </>
  );
}
