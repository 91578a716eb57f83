/** Portico Terms and Conditions — Standard plan, effective 15 January 2024. Do not edit: publish a new version. */
export default function TermsStandard20240115() {
  return (
    <>
      <h2>1. These terms</h2>
      <p>
        These terms apply to organizations that subscribe to the Standard plan through Portico, and to the
        people they add as users. By subscribing, or by accepting these terms when signing up, you agree to
        them for your organization.
      </p>
      <h2>2. The subscription</h2>
      <p>
        The Standard plan licenses our storage software for the capacity you subscribe to, in TiB, for the
        subscription period. The plan renews automatically at the end of each period unless it is cancelled
        before then in Portico.
      </p>
      <h2>3. Support</h2>
      <ul>
        <li>
          Support is given through issues in Portico on business days, 09:00 to 17:00 in your time zone.
        </li>
        <li>We aim to give a first answer within one business day.</li>
        <li>Panic issues are available for complete outages and are answered in the same hours.</li>
      </ul>
      <h2>4. Your responsibilities</h2>
      <p>
        Keep your users' sign-in details secret, remove people who leave your organization and use the
        software only within the licensed capacity. Tell us promptly if you think an account has been misused.
      </p>
      <h2>5. Fees and payment</h2>
      <p>
        Fees are charged in advance by card for each period. If a charge fails we will ask you to update your
        payment method; if it is not updated within 14 days the licence may stop being renewed.
      </p>
      <h2>6. Ending the subscription</h2>
      <p>
        You can cancel at any time; the subscription then ends at the end of the paid period. When it ends the
        licence expires and support stops. Your data in Portico is kept as described in the Privacy Policy.
      </p>
      <h2>7. Liability</h2>
      <p>
        Except where the law does not allow it, our total liability under these terms is limited to the fees
        your organization paid in the twelve months before the claim.
      </p>
    </>
  );
}
