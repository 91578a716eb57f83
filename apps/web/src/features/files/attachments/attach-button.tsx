/**
 * The composer's ways to attach: a button opening the file dialog (several files at once) and
 * pasting images (a screenshot from the clipboard). Nothing shows where attaching is not allowed.
 */
import Paperclip from "lucide-react/icons/paperclip";
import { type ClipboardEvent, useId } from "react";
import { buttonVariants } from "../../../components/ui/button";
import { Tooltip } from "../../../components/ui/tooltip";
import { cn } from "../../../lib/cn";
import { useAttach } from "./attachment-scope";

export const ATTACH_LABEL = "Attach files";

export function AttachButton() {
  const attach = useAttach();
  const id = useId();
  if (!attach) return null;
  return (
    <>
      <input
        id={id}
        type="file"
        multiple
        className="peer sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          attach(files);
        }}
      />
      <Tooltip content={ATTACH_LABEL}>
        <label
          htmlFor={id}
          className={cn(
            buttonVariants({ variant: "secondary", size: "icon" }),
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
          )}
        >
          <Paperclip aria-hidden="true" />
          <span className="sr-only">{ATTACH_LABEL}</span>
        </label>
      </Tooltip>
    </>
  );
}

/** Paste handler for the reply box: pasted images become attachments; text pastes as usual. */
export function useAttachmentPaste(): ((event: ClipboardEvent) => void) | undefined {
  const attach = useAttach();
  if (!attach) return undefined;
  return (event) => {
    const images = Array.from(event.clipboardData.files).filter((file) => file.type.startsWith("image/"));
    if (images.length === 0) return;
    event.preventDefault();
    attach(
      images.map((image, i) => (image.name && image.name !== "image.png" ? image : pastedName(image, i))),
    );
  };
}

/** Browsers name every pasted image "image.png": give each a name that says when it was pasted. */
function pastedName(image: File, index: number): File {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, "-");
  const extension = image.type.split("/")[1]?.replace(/[^a-z0-9]/g, "") || "png";
  return new File([image], `pasted-${stamp}${index ? `-${index + 1}` : ""}.${extension}`, {
    type: image.type,
  });
}
