import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { BrandMark } from "../../components/ui/brand";
import { IconButton } from "../../components/ui/icon-button";
import { Sheet, SheetClose, SheetContent, SheetTitle, SheetTrigger } from "../../components/ui/sheet";
import { SidebarNav } from "./sidebar-nav";

/** Small screens: the sidebar opens as a sheet (focus trapped, closes with Escape or a link). */
export function MobileMenu({ isEngineer }: { isEngineer: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <IconButton label="Open menu" icon={Menu} tooltip={false} className="md:hidden" />
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <div className="flex h-14 items-center justify-between border-b px-4">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <BrandMark />
          <SheetClose asChild>
            <IconButton label="Close menu" icon={X} tooltip={false} />
          </SheetClose>
        </div>
        <SidebarNav isEngineer={isEngineer} mini={false} onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
