import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from "@portico/shared/schemas/profile";
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { FieldError } from "../../components/ui/field";
import { useAuthorizedImage } from "./use-authorized-image";

export const PICTURE_TOO_BIG = "The picture must be 2 MiB or smaller.";
export const PICTURE_WRONG_TYPE = "Choose a PNG, JPEG, WebP or GIF image.";

/** Why a chosen file cannot be the picture, or null when it can. */
export function pictureProblem(file: File): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_WRONG_TYPE;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PICTURE_TOO_BIG;
  return null;
}

interface Props {
  currentUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  onRemove: () => void;
  removing: boolean;
  initials: string;
}

/** Picture upload with a preview of the chosen file (≤ 2 MiB), and removal of the current one. */
export function PictureField({ currentUrl, file, onFileChange, onRemove, removing, initials }: Props) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const current = useAuthorizedImage(currentUrl);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? (current.status === "loaded" ? current.src : null);

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Picture</legend>
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={preview ? "Your new avatar, not saved yet" : "Your current avatar"}
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-slate-200 text-lg font-semibold text-slate-600"
          >
            {initials}
          </span>
        )}
        <div className="space-y-2">
          <label htmlFor={id} className="block text-sm text-slate-800">
            Upload a picture
          </label>
          <input
            id={id}
            type="file"
            accept={PROFILE_PICTURE_TYPES.join(",")}
            aria-describedby={problem ? `${id}-error` : undefined}
            className="block text-sm"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const issue = chosen ? pictureProblem(chosen) : null;
              setProblem(issue);
              onFileChange(issue ? null : chosen);
              if (issue) event.target.value = "";
            }}
          />
          {currentUrl && !file && (
            <Button variant="secondary" onClick={onRemove} busy={removing}>
              Remove picture
            </Button>
          )}
        </div>
      </div>
      <FieldError id={`${id}-error`} message={problem ?? undefined} />
    </fieldset>
  );
}
