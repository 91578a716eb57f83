/** The "File type" field of the upload and edit dialogs: the §9 types (and "attachment" where one is edited). */
import { FILE_TYPES, type FileType } from "@portico/shared/schemas/files";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/select";
import { FILE_TYPE_LABELS } from "../labels";

export function FileTypeField({
  value,
  onChange,
  error,
  withAttachment = false,
}: {
  value: FileType | undefined;
  onChange: (type: FileType) => void;
  error?: string | undefined;
  /** An attachment belongs to its message: offered only to keep an attachment one. */
  withAttachment?: boolean;
}) {
  const types: readonly FileType[] = withAttachment ? [...FILE_TYPES, "attachment"] : FILE_TYPES;
  return (
    <Field label="File type" error={error}>
      {(control) => (
        <Select
          {...control}
          options={types.map((type) => ({ value: type, label: FILE_TYPE_LABELS[type] }))}
          value={value}
          onValueChange={(next) => onChange(next as FileType)}
          placeholder="Choose a type"
        />
      )}
    </Field>
  );
}
