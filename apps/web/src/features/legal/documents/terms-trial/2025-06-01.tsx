/** Portico Terms and Conditions — Trial, effective 1 June 2025. Do not edit: publish a new version. */
export default function TermsTrial20250601() {
  return (
    <>
      <h2>1. These terms</h2>
      <p>
        These terms apply when your organization evaluates our storage software with a trial licence from
        Portico, including trials of the Enterprise Lite and Enterprise Plus plans.
      </p>
      <h2>2. The trial licence</h2>
      <ul>
        <li>
          A trial licence is free and valid for 30 days, or for the period shown in Portico when it is issued.
        </li>
        <li>
          Its capacity is limited to the amount shown on the licence, up to 25 TiB unless we agree otherwise.
        </li>
        <li>It is for evaluation, not for production data.</li>
        <li>
          Portico shows how many days are left. When the licence expires the software stops accepting new data
          until a subscription is taken.
        </li>
      </ul>
      <h2>3. Support during the trial</h2>
      <p>
        Issues opened during a trial are answered by our engineers on business days on a best-effort basis.
        Panic issues are not available during a trial unless the trial is of an Enterprise plan.
      </p>
      <h2>4. No warranty</h2>
      <p>
        The trial is provided as it is, without warranty. Keep copies of any data you store during the trial.
      </p>
      <h2>5. After the trial</h2>
      <p>
        Upgrade to a plan from Portico at any time; your organization, users and issues are kept. Without an
        upgrade, the account is marked as expired and deleted 60 days later together with its uploaded files.
      </p>
      <h2>6. Changes to these terms</h2>
      <p>
        New versions are published here with their effective date; a running trial keeps the version it began
        under.
      </p>
    </>
  );
}
