import { PlaceholderScreen } from "../placeholders/placeholder-screen";

/** /customers/:id (issue 16): one account, its fields, tabs and actions. */
export default function CustomerScreen() {
  return (
    <PlaceholderScreen title="Customer" engineerOnly parent={{ title: "Customers", path: "/customers" }} />
  );
}
