import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { BrandMark } from "./brand";
import { useDocumentTitle } from "./use-document-title";

export const linkClass = "font-medium text-link underline-offset-2 hover:underline";

/** Centred card used by the signed-out screens: brand, one h1, content, optional footer. */
export function PublicPage({
  title,
  description,
  children,
  footer,
  wide = false,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <Link to="/" className="mb-8 rounded-md" aria-label="Portico home">
        <BrandMark />
      </Link>
      <div
        className={cn(
          "w-full rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8",
          wide ? "max-w-lg" : "max-w-md",
        )}
      >
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description && <div className="mt-1.5 text-sm text-muted-foreground">{description}</div>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
    </main>
  );
}
