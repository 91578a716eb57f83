import type { ReactNode } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "./use-document-title";

/** Centred card used by the signed-out screens: brand, one h1, content, optional footer. */
export function PublicPage({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <Link to="/" className="mb-6 text-2xl font-bold tracking-tight text-brand-900">
        Portico
      </Link>
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </main>
  );
}

export const linkClass = "font-medium text-brand-600 underline-offset-2 hover:underline";
