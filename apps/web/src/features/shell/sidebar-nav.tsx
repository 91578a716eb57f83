import clsx from "clsx";
import { NavLink } from "react-router";
import { visibleSections } from "./nav-items";

interface Props {
  isEngineer: boolean;
  mini: boolean;
  onNavigate?: () => void;
}

/** The main navigation: the nav landmark "Main", one link per screen. */
export function SidebarNav({ isEngineer, mini, onNavigate }: Props) {
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
      {visibleSections(isEngineer).map((section) => (
        <div key={section.name} className="mb-4">
          {!mini && (
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {section.name}
            </p>
          )}
          <ul className="space-y-0.5">
            {section.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/activity"}
                  onClick={onNavigate}
                  title={mini ? item.label : undefined}
                  className={({ isActive }) =>
                    clsx(
                      "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
                      isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
                      mini && "justify-center px-0",
                    )
                  }
                >
                  {mini ? (
                    <>
                      <span aria-hidden="true" className="text-xs font-semibold">
                        {item.short}
                      </span>
                      <span className="sr-only">{item.label}</span>
                    </>
                  ) : (
                    item.label
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
