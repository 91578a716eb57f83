import { useSearchParams } from "react-router";
import { SignupDetailsStep } from "./signup-details-step";
import { SignupEmailStep } from "./signup-email-step";

/**
 * Sign-up in two steps: the address first (POST signup/init e-mails a link), then, from that link
 * (`?email&token`), the rest of the details.
 */
export default function SignupScreen() {
  const [params] = useSearchParams();
  const email = params.get("email");
  const token = params.get("token");
  return email && token ? <SignupDetailsStep email={email} token={token} /> : <SignupEmailStep />;
}
