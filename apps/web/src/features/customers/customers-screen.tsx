import { PlaceholderScreen } from "../placeholders/placeholder-screen";

/** /customers (issue 16): the engineers' list of every account. Built by the customers-list work. */
export default function CustomersScreen() {
  return <PlaceholderScreen title="Customers" engineerOnly />;
}
