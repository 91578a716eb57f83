import { useEffect } from "react";
import { subscribeUrl } from "../lib/config";

/** `/subscribe` shows no screen: it sends the browser to the external subscription address. */
export default function SubscribeRedirect() {
  useEffect(() => {
    window.location.replace(subscribeUrl());
  }, []);
  return null;
}
