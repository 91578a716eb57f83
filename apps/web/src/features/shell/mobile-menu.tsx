import type { TUserInfo } from "@portico/shared/schemas/accounts";
import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { SidebarContent } from "./sidebar-content";

/** Small screens: the sidebar opens as an overlay (Radix Dialog: focus trapped, closes with Escape). */
export function MobileMenu({ user }: { user: TUserInfo | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 md:hidden">
        Open menu
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <Dialog.Title className="text-sm font-semibold text-slate-700">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100">
              Close menu
            </Dialog.Close>
          </div>
          <SidebarContent user={user} mini={false} onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
