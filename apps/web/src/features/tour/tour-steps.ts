/** The sidebar links the welcome tour stops at: each carries `data-tour="<stop>"`. */
export type TourStop = "issues" | "panic" | "clusters" | "files" | "licences";

export interface TourStep {
  stop: TourStop;
  /** The sidebar link's own label, so the step names what the user sees. */
  title: string;
  description: string;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    stop: "issues",
    title: "Issues",
    description:
      "Open an issue whenever you need help, then chat live with our engineers in it. Replies, files and status stay together in the issue.",
  },
  {
    stop: "panic",
    title: "Panic",
    description:
      "For a severe outage only: a panic alerts every engineer at once, by e-mail and on their screens, ahead of every other issue.",
  },
  {
    stop: "clusters",
    title: "Health",
    description:
      "Your clusters call home with health reports. See each cluster's checks, usage and capacity forecast, and register new clusters.",
  },
  {
    stop: "files",
    title: "Files",
    description:
      "Upload diagnostics and log bundles for our engineers. Large uploads resume where they stopped if the connection drops.",
  },
  {
    stop: "licences",
    title: "License",
    description:
      "Download your organization's signed licence for your clusters to install, and see its capacity and expiry.",
  },
];

/** Added to a step shown in the middle of the screen because its link is in the closed menu (phone width). */
export const IN_THE_MENU = "You will find it in the menu.";
