import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FilePicker, type FilePickerProps } from "./file-picker";

const onlyImages = (file: File) => (file.type.startsWith("image/") ? null : "Choose an image.");
const smallFiles = (file: File) => (file.size > 1024 ? "The file must be 1 KiB or smaller." : null);

function Harness(props: Partial<FilePickerProps>) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <FilePicker
        label="Upload a file"
        file={file}
        onFileChange={setFile}
        previewAlt="Chosen picture"
        {...props}
      />
      <output aria-label="Kept">{file?.name ?? "nothing"}</output>
    </>
  );
}

beforeEach(() => {
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
  );
});

const png = () => new File([new Uint8Array(200)], "me.png", { type: "image/png" });
const pdf = () => new File(["%PDF-1.7"], "report.pdf", { type: "application/pdf" });

describe("FilePicker", () => {
  it("previews a chosen image and can remove it again", async () => {
    const user = userEvent.setup();
    render(<Harness validate={onlyImages} />);
    await user.upload(screen.getByLabelText("Upload a file"), png());
    expect(screen.getByRole("img", { name: "Chosen picture" })).toHaveAttribute("src", "blob:x");
    expect(screen.getByLabelText("Kept")).toHaveTextContent("me.png");
    await user.click(screen.getByRole("button", { name: "Remove me.png" }));
    expect(screen.queryByRole("img", { name: "Chosen picture" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Kept")).toHaveTextContent("nothing");
  });

  it("refuses a file beside the field, keeps nothing and shows no broken image", () => {
    render(<Harness validate={onlyImages} />);
    const input = screen.getByLabelText("Upload a file");
    fireEvent.change(input, { target: { files: [pdf()] } });
    expect(screen.getByText("Choose an image.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(expect.stringContaining("Choose an image."));
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Kept")).toHaveTextContent("nothing");
  });

  it("shows a file that is not an image by name and size, without an image", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText("Upload a file"), pdf());
    expect(screen.getByText("report.pdf", { selector: "p" })).toBeInTheDocument();
    expect(screen.getByText("8 B")).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("checks a dropped file the same way", () => {
    render(<Harness validate={smallFiles} />);
    const big = new File([new Uint8Array(2048)], "big.png", { type: "image/png" });
    const zone = screen.getByText("or drop a file here").closest("div")?.parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [big] } });
    expect(screen.getByText("The file must be 1 KiB or smaller.")).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    expect(screen.queryByText("The file must be 1 KiB or smaller.")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Kept")).toHaveTextContent("me.png");
  });

  it("shows upload progress", () => {
    const { rerender } = render(<Harness progress={40} />);
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    expect(screen.getByText("Uploading… 40%")).toBeInTheDocument();
    rerender(<Harness progress="indeterminate" />);
    expect(screen.getByRole("progressbar")).not.toHaveAttribute("aria-valuenow");
  });

  it("shows an error from outside (the server's answer)", () => {
    render(<Harness error="The file could not be stored." />);
    expect(screen.getByLabelText("Upload a file")).toHaveAccessibleDescription(
      expect.stringContaining("The file could not be stored."),
    );
  });
});
