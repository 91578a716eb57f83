/**
 * The design kit in one page, every component in its states (development builds only: the
 * route is not in production bundles). Open http://localhost:5173/gallery with `npm run dev -w apps/web`.
 */
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { BrandMark } from "../../components/ui/brand";
import { Select } from "../../components/ui/select";
import { useDocumentTitle } from "../../components/ui/use-document-title";
import type { ThemePreference } from "../../lib/persisted-store";
import { useThemePreference } from "../../lib/theme";
import { ActionSections } from "./action-sections";
import { DataSections } from "./data-sections";
import { FormSections } from "./form-sections";

export function GallerySection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-20 space-y-4 border-b pb-10">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One labelled example inside a section. */
export function Example({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <div className="flex flex-wrap items-center gap-3">{children}</div>
    </div>
  );
}

const SECTIONS = [
  ["buttons", "Buttons"],
  ["feedback", "Feedback"],
  ["overlays", "Overlays and menus"],
  ["fields", "Fields"],
  ["choices", "Choices"],
  ["dates-files", "Dates and files"],
  ["display", "Display"],
  ["tables", "Tables"],
] as const;

export default function GalleryScreen() {
  useDocumentTitle("Design kit");
  const [theme, setTheme] = useThemePreference();
  const [section, setSection] = useState<string>("buttons");
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-4 border-b bg-card/95 px-4 backdrop-blur sm:px-8">
        <Link to="/" aria-label="Portico home" className="rounded-md">
          <BrandMark />
        </Link>
        <span className="text-sm text-muted-foreground">Design kit</span>
        <div className="ml-auto w-36">
          <Select
            aria-label="Theme"
            value={theme}
            onValueChange={(value) => setTheme(value as ThemePreference)}
            options={[
              { value: "system", label: "System" },
              { value: "light", label: "Light" },
              { value: "dark", label: "Dark" },
            ]}
          />
        </div>
      </header>
      <div className="mx-auto flex max-w-6xl gap-8 px-4 py-8 sm:px-8">
        <nav aria-label="Sections" className="sticky top-22 hidden h-fit w-44 shrink-0 lg:block">
          <ul className="space-y-1 text-sm">
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  onClick={() => setSection(id)}
                  aria-current={section === id ? "true" : undefined}
                  className="block rounded-md px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=true]:bg-accent aria-[current=true]:text-accent-foreground"
                >
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1 space-y-10">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Design kit</h1>
            <p className="mt-1 text-muted-foreground">
              Every component of <code>src/components/ui</code> in its states. Build screens from these.
            </p>
          </div>
          <ActionSections />
          <FormSections />
          <DataSections />
        </main>
      </div>
    </div>
  );
}
