import { screen } from "@testing-library/react";
import { useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/helpers";
import { PrivacyPolicyView, TermsView } from "./legal-document-view";

function Terms() {
  const { type, effectiveDate } = useParams();
  return <TermsView type={type} effectiveDate={effectiveDate} />;
}

function Privacy() {
  const { effectiveDate } = useParams();
  return <PrivacyPolicyView effectiveDate={effectiveDate} />;
}

describe("legal pages", () => {
  it("shows the version in force on the date in the address", async () => {
    renderScreen(<Privacy />, { path: "/privacy-policy/:effectiveDate?", url: "/privacy-policy/2024-06-30" });
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText(/Effective from 15 January 2024/)).toBeInTheDocument();
    // Only the 2025 version mentions error reports.
    expect(screen.queryByText(/error-reporting service/)).not.toBeInTheDocument();
  });

  it("shows the current version without a date", async () => {
    renderScreen(<Privacy />, { path: "/privacy-policy/:effectiveDate?", url: "/privacy-policy" });
    expect(await screen.findByText(/Effective from 1 June 2025 \(current version\)/)).toBeInTheDocument();
    expect(screen.getAllByText(/error-reporting service/).length).toBeGreaterThan(0);
  });

  it("says so for a date before the first version", async () => {
    renderScreen(<Terms />, {
      path: "/terms-and-conditions/:type/:effectiveDate?",
      url: "/terms-and-conditions/trial/2020-01-01",
    });
    expect(
      await screen.findByText("No version of this document was in force on that date."),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 1, name: "Terms and Conditions — Trial" }),
    ).toBeInTheDocument();
  });

  it("an unknown terms type is not found", async () => {
    renderScreen(<Terms />, {
      path: "/terms-and-conditions/:type/:effectiveDate?",
      url: "/terms-and-conditions/gold",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });

  it.each(["standard", "enterprise", "trial"])("renders the %s terms", async (type) => {
    renderScreen(<Terms />, {
      path: "/terms-and-conditions/:type/:effectiveDate?",
      url: `/terms-and-conditions/${type}`,
    });
    expect(await screen.findAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(new RegExp(type, "i"));
  });
});
