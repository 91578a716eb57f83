/** Portico Terms and Conditions — Trial, effective 15 January 2024. Do not edit: publish a new version. */
export default function TermsTrial20240115() {
  return (
    <>
      <h2>1. These terms</h2>
      <p>
        These terms apply when your organization evaluates our storage software with a trial licence obtained
        through Portico.
      </p>
      <h2>2. The trial licence</h2>
      <ul>
        <li>
          A trial licence is free, limited in capacity and valid for 30 days unless we agree a longer period.
        </li>
        <li>It is for evaluation only, not for production data.</li>
        <li>When it expires the software stops accepting new data until a subscription is taken.</li>
      </ul>
      <h2>3. Support during the trial</h2>
      <p>
        You can open issues in Portico during the trial. We answer them on a best-effort basis; no response
        times apply.
      </p>
      <h2>4. No warranty</h2>
      <p>
        The trial is provided as it is, without any warranty. Keep copies of any data you store during the
        trial.
      </p>
      <h2>5. After the trial</h2>
      <p>
        You can subscribe to a plan from Portico at any time. If you do not, your organization's account is
        closed 60 days after the trial ends and its data is deleted as set out in the Privacy Policy.
      </p>
    </>
  );
}
