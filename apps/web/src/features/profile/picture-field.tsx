import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from "@portico/shared/schemas/profile";
import Trash2 from "lucide-react/icons/trash-2";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { FilePicker } from "../../components/ui/file-picker";
import { useAuthorizedImage } from "../../lib/authorized-image";

export const PICTURE_TOO_BIG = "The picture must be 2 MiB or smaller.";
export const PICTURE_WRONG_TYPE = "Choose a PNG, JPEG, WebP or GIF image.";

/** Why a chosen file cannot be the picture, or null when it can. */
export function pictureProblem(file: File): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_WRONG_TYPE;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PICTURE_TOO_BIG;
  return null;
}

interface Props {
  name: string;
  currentUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Resolves when the picture is gone; rejects (the error shows on the form) when it is not. */
  onRemove: () => Promise<unknown>;
  /** The form is being saved with the chosen file. */
  uploading: boolean;
}

/** The current picture (or initials), a picker for a new one (≤ 2 MiB, previewed), and removal. */
export function PictureField({ name, currentUrl, file, onFileChange, onRemove, uploading }: Props) {
  const current = useAuthorizedImage(currentUrl);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 text-sm font-medium">Picture</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex items-center gap-3 sm:flex-col">
          <Avatar
            name={name}
            size="lg"
            src={current.status === "loaded" ? current.src : null}
            label={current.status === "loaded" ? "Your current avatar" : `${name}'s initials`}
          />
          {currentUrl && (
            <ConfirmDialog
              title="Remove your picture?"
              description="Your initials are shown instead until you upload a new picture."
              confirmLabel="Remove picture"
              onConfirm={onRemove}
              trigger={
                <Button variant="ghost" size="sm" disabled={uploading}>
                  <Trash2 aria-hidden="true" />
                  Remove picture
                </Button>
              }
            />
          )}
        </div>
        <FilePicker
          className="flex-1"
          label="Upload a picture"
          accept={PROFILE_PICTURE_TYPES}
          validate={pictureProblem}
          file={file}
          onFileChange={onFileChange}
          hint={<p>PNG, JPEG, WebP or GIF, up to 2 MiB. Saved with the form.</p>}
          previewAlt="Your new avatar, not saved yet"
          progress={uploading ? "indeterminate" : null}
          disabled={uploading}
        />
      </div>
    </fieldset>
  );
}
