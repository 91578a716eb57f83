import { useState } from "react";
import { CheckboxField } from "../../components/ui/checkbox";
import { Combobox } from "../../components/ui/combobox";
import { DatePicker } from "../../components/ui/date-picker";
import { Field } from "../../components/ui/field";
import { FilePicker } from "../../components/ui/file-picker";
import { RadioGroup } from "../../components/ui/radio-group";
import { Select } from "../../components/ui/select";
import { SwitchField } from "../../components/ui/switch";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { countryOptions } from "../../lib/countries";
import { Example, GallerySection } from "./gallery-screen";

const PLANS = [
  { value: "standard", label: "Standard", description: "Business hours support." },
  { value: "enterprise", label: "Enterprise", description: "Around the clock, 1-hour answers." },
  { value: "trial", label: "Trial", description: "30 days, no card.", disabled: true },
];

export function FormSections() {
  const [country, setCountry] = useState<string | null>("GB");
  const [size, setSize] = useState("25");
  const [accept, setAccept] = useState(false);
  const [mfa, setMfa] = useState(true);
  const [start, setStart] = useState<string | null>("2025-06-01");
  const [end, setEnd] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const countries = countryOptions();

  return (
    <>
      <GallerySection id="fields" title="Fields">
        <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
          <TextField label="Organization name" placeholder="acme-storage" />
          <TextField label="With a hint" hint="Letters, digits and hyphens; 2 to 63 characters." />
          <TextField label="With an error" defaultValue="-acme" error="Organization name is not valid" />
          <TextField label="Disabled" defaultValue="owner@acme.example" disabled />
          <TextareaField label="Message" className="sm:col-span-2" placeholder="Describe what happened…" />
        </div>
      </GallerySection>

      <GallerySection id="choices" title="Choices">
        <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
          <Field label="Country (combobox, type to search)">
            {(control) => (
              <Combobox
                {...control}
                options={countries}
                value={country}
                onValueChange={setCountry}
                placeholder="Select a country"
                searchPlaceholder="Search countries…"
                emptyText="No country matches."
              />
            )}
          </Field>
          <Field label="Rows per page (select, a short list)">
            {(control) => (
              <Select
                {...control}
                value={size}
                onValueChange={setSize}
                options={["10", "25", "50"].map((v) => ({ value: v, label: v }))}
              />
            )}
          </Field>
          <Field label="Combobox with an error" error="Please select a country">
            {(control) => (
              <Combobox
                {...control}
                options={countries}
                value={null}
                onValueChange={() => undefined}
                placeholder="Select a country"
              />
            )}
          </Field>
          <Field label="Disabled select">
            {(control) => (
              <Select
                {...control}
                disabled
                value="10"
                onValueChange={() => undefined}
                options={[{ value: "10", label: "10" }]}
              />
            )}
          </Field>
        </div>
        <Example label="Checkboxes">
          <div className="space-y-3">
            <CheckboxField
              label="I accept the Terms and Conditions"
              checked={accept}
              onCheckedChange={(v) => setAccept(v === true)}
            />
            <CheckboxField label="Partly chosen (indeterminate)" checked="indeterminate" />
            <CheckboxField label="Disabled and checked" checked disabled />
            <CheckboxField label="With an error" error="Please accept the terms to continue" />
          </div>
        </Example>
        <Example label="Switches and radio group">
          <div className="w-full max-w-md space-y-4">
            <SwitchField
              label="Sign-in codes"
              description="A code by e-mail at each sign-in."
              checked={mfa}
              onCheckedChange={setMfa}
            />
            <SwitchField label="Disabled switch" disabled />
            <RadioGroup label="Plan" options={PLANS} defaultValue="standard" />
          </div>
        </Example>
      </GallerySection>

      <GallerySection id="dates-files" title="Dates and files">
        <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
          <DatePicker label="Start date" value={start} onChange={setStart} max="2030-12-31" />
          <DatePicker
            label="End date"
            value={end}
            onChange={setEnd}
            error={end && start && end < start ? "End date should be after start date." : undefined}
          />
        </div>
        <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
          <FilePicker
            label="Upload a file"
            file={file}
            onFileChange={setFile}
            validate={(f) => (f.size > 5 * 1024 * 1024 ? "Files must be 5 MiB or smaller." : null)}
            hint={<p>Any file up to 5 MiB; images are previewed.</p>}
          />
          <FilePicker label="Uploading" file={null} onFileChange={() => undefined} progress={64} />
          <FilePicker
            label="With an error"
            file={null}
            onFileChange={() => undefined}
            error="The file could not be stored."
          />
          <FilePicker label="Disabled" file={null} onFileChange={() => undefined} disabled />
        </div>
      </GallerySection>
    </>
  );
}
