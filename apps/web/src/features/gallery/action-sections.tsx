import Bell from "lucide-react/icons/bell";
import Inbox from "lucide-react/icons/inbox";
import Plus from "lucide-react/icons/plus";
import Settings from "lucide-react/icons/settings";
import Trash2 from "lucide-react/icons/trash-2";
import { useState } from "react";
import { ErrorAlert, InlineError, Notice } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button, type ButtonVariant } from "../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { EmptyState } from "../../components/ui/empty-state";
import { IconButton } from "../../components/ui/icon-button";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "../../components/ui/sheet";
import { FormSkeleton, Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { Tooltip } from "../../components/ui/tooltip";
import { Example, GallerySection } from "./gallery-screen";

const VARIANTS: ButtonVariant[] = ["primary", "secondary", "ghost", "danger", "link"];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ActionSections() {
  const [retrying, setRetrying] = useState(false);
  const [notify, setNotify] = useState(true);
  return (
    <>
      <GallerySection id="buttons" title="Buttons">
        <Example label="Variants">
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant[0]?.toUpperCase()}
              {variant.slice(1)}
            </Button>
          ))}
        </Example>
        <Example label="Sizes, with an icon">
          <Button size="sm">
            <Plus aria-hidden="true" /> Small
          </Button>
          <Button>
            <Plus aria-hidden="true" /> Medium
          </Button>
          <Button size="lg">
            <Plus aria-hidden="true" /> Large
          </Button>
        </Example>
        <Example label="Busy (pending mutation) and disabled">
          <Button busy>Saving</Button>
          <Button variant="secondary" busy>
            Loading
          </Button>
          <Button disabled>Disabled</Button>
          <Button variant="danger" disabled>
            Disabled
          </Button>
        </Example>
        <Example label="Icon buttons (name in the tooltip)">
          <IconButton label="Settings" icon={Settings} />
          <IconButton label="Notifications" icon={Bell} variant="secondary" />
          <IconButton label="Delete" icon={Trash2} variant="danger" />
          <IconButton label="Add" icon={Plus} variant="primary" size="icon-sm" />
        </Example>
      </GallerySection>

      <GallerySection id="feedback" title="Feedback">
        <Example label="Alerts">
          <div className="w-full max-w-xl space-y-3">
            <Notice>Your request has been sent.</Notice>
            <ErrorAlert>Current password is incorrect</ErrorAlert>
            <InlineError
              message="Error while fetching users : Database down"
              retrying={retrying}
              onRetry={async () => {
                setRetrying(true);
                await wait(1200);
                setRetrying(false);
              }}
            />
          </div>
        </Example>
        <Example label="Toasts">
          <Button variant="secondary" onClick={() => toast.success("Your profile has been saved.")}>
            Success toast
          </Button>
          <Button variant="secondary" onClick={() => toast.error("The picture could not be removed.")}>
            Error toast
          </Button>
          <Button variant="secondary" onClick={() => toast("Maintenance starts in 10 minutes.")}>
            Plain toast
          </Button>
        </Example>
        <Example label="Skeletons">
          <div className="w-full max-w-xl space-y-3">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <FormSkeleton fields={2} label="Loading the example" />
          </div>
        </Example>
        <Example label="Empty state with a next step">
          <EmptyState
            className="w-full"
            icon={Inbox}
            title="No issues yet"
            description={<p>When your team opens an issue, it shows up here.</p>}
            action={<Button>Open an issue</Button>}
          />
        </Example>
      </GallerySection>

      <GallerySection id="overlays" title="Overlays and menus">
        <Example label="Dialog, confirmation, sheet (Escape closes each)">
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="secondary">Open dialog</Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Rename organization</DialogTitle>
                <DialogDescription>Letters, digits and hyphens; 2 to 63 characters.</DialogDescription>
              </DialogHeader>
              <TextField label="Organization name" defaultValue="acme" />
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
                <Button>Rename</Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
          <ConfirmDialog
            trigger={<Button variant="danger">Delete cluster</Button>}
            title="Delete this cluster?"
            description="Its health reports are deleted too. This cannot be undone."
            confirmLabel="Delete cluster"
            onConfirm={() => wait(1000)}
          />
          <Sheet>
            <SheetTrigger asChild>
              <Button variant="secondary">Open sheet</Button>
            </SheetTrigger>
            <SheetContent aria-describedby={undefined} className="p-4">
              <SheetTitle className="font-semibold">Sheet</SheetTitle>
              <p className="mt-2 text-sm text-muted-foreground">The mobile sidebar uses this.</p>
            </SheetContent>
          </Sheet>
        </Example>
        <Example label="Dropdown menu, popover, tooltip">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary">Actions</Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuLabel>Issue 42</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem>Assign to me</DropdownMenuItem>
              <DropdownMenuCheckboxItem checked={notify} onCheckedChange={(v) => setNotify(v === true)}>
                Follow
              </DropdownMenuCheckboxItem>
              <DropdownMenuItem disabled>Merge (no other issue)</DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem destructive>
                <Trash2 aria-hidden="true" /> Close issue
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <Popover>
            <PopoverTrigger asChild>
              <Button variant="secondary">Show popover</Button>
            </PopoverTrigger>
            <PopoverContent>
              <p className="text-sm">Popovers hold small forms and details next to their trigger.</p>
            </PopoverContent>
          </Popover>
          <Tooltip content="Tooltips describe; they never carry the only name">
            <Button variant="ghost">Hover or focus me</Button>
          </Tooltip>
        </Example>
        <Example label="Tabs">
          <Tabs defaultValue="open" className="w-full max-w-xl">
            <TabsList>
              <TabsTrigger value="open">Open</TabsTrigger>
              <TabsTrigger value="answered">Answered</TabsTrigger>
              <TabsTrigger value="archived" disabled>
                Archived
              </TabsTrigger>
            </TabsList>
            <TabsContent value="open" className="text-sm text-muted-foreground">
              Open issues are listed here.
            </TabsContent>
            <TabsContent value="answered" className="text-sm text-muted-foreground">
              Answered issues are listed here.
            </TabsContent>
          </Tabs>
        </Example>
      </GallerySection>
    </>
  );
}
