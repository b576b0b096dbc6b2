import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FileField, SelectField, TextAreaField, TextField } from "./form-fields";

const schema = z.object({
  email: z.string().min(1, "Email is required").email("Please Enter Valid Email"),
  size: z.enum(["s", "l"], { message: "Choose a size" }),
  note: z.string().max(5, "Five letters at most"),
});
type Values = z.infer<typeof schema>;

/** A small react-hook-form form built from the field components, as the app's forms are. */
function SizeForm({ onValid }: { onValid: (values: Values) => void }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "", note: "" } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <TextField
        id="size-email"
        label="Email"
        error={errors.email?.message}
        registration={register("email")}
        type="email"
        autoComplete="email"
      />
      <SelectField
        id="size-size"
        label="Size"
        labelNote="(required)"
        error={errors.size?.message}
        registration={register("size")}
        options={[
          { value: "", label: "Choose" },
          { value: "s", label: "Small" },
          { value: "l", label: "Large" },
        ]}
        hint="Sizes run large."
      />
      <TextAreaField
        id="size-note"
        label="Note"
        error={errors.note?.message}
        registration={register("note")}
      />
      <output>Typed: {watch("email")}</output>
      <button type="submit">Send</button>
    </form>
  );
}

function renderForm() {
  const onValid = vi.fn();
  render(<SizeForm onValid={onValid} />);
  return { onValid, user: userEvent.setup() };
}

describe("the form fields", () => {
  it("tie each control to its label, with the label's note in its name", () => {
    renderForm();
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveAttribute("id", "size-email");
    expect(screen.getByRole("combobox", { name: "Size (required)" })).toHaveAttribute("id", "size-size");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveAttribute("id", "size-note");
  });

  it("start valid, undescribed unless they have a hint, with the control's own attributes", () => {
    renderForm();
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("aria-invalid", "false");
    expect(email).not.toHaveAttribute("aria-describedby");
    expect(email).toHaveAttribute("type", "email");
    expect(email).toHaveAttribute("autocomplete", "email");
    expect(email).toHaveClass("input", "w-full");
    expect(screen.getByLabelText(/Size/)).toHaveAccessibleDescription("Sizes run large.");
    expect(screen.getByLabelText("Note")).toHaveClass("textarea", "w-full");
  });

  it("pass typing to the form through its registration", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    expect(screen.getByText("Typed: ann@example.com")).toBeInTheDocument();
  });

  it("show the schema's messages on an invalid submit, described and marked invalid", async () => {
    const { user, onValid } = renderForm();
    await user.type(screen.getByLabelText("Email"), "ann-at-example");
    await user.type(screen.getByLabelText("Note"), "far too long");
    await user.click(screen.getByRole("button", { name: "Send" }));

    const email = screen.getByLabelText("Email");
    expect(await screen.findByText("Please Enter Valid Email")).toHaveAttribute("id", "size-email-error");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAttribute("aria-describedby", "size-email-error");
    expect(email).toHaveAccessibleDescription("Please Enter Valid Email");
    expect(screen.getByLabelText("Note")).toHaveAccessibleDescription("Five letters at most");
    // The message comes first, then the hint.
    expect(screen.getByLabelText(/Size/)).toHaveAttribute(
      "aria-describedby",
      "size-size-error size-size-hint",
    );
    expect(screen.getByLabelText(/Size/)).toHaveAccessibleDescription("Choose a size Sizes run large.");
    expect(onValid).not.toHaveBeenCalled();
  });

  it("send the chosen and typed values once they are valid, the messages gone", async () => {
    const { user, onValid } = renderForm();
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.selectOptions(screen.getByLabelText(/Size/), "Large");
    await user.type(screen.getByLabelText("Note"), "Red");
    await user.click(screen.getByRole("button", { name: "Send" }));

    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ email: "ann@example.com", size: "l", note: "Red" });
    expect(screen.getByLabelText("Email")).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "false");
  });

  it("give a ref and an onChange of their own the element and the typing beside the registration", async () => {
    const ref = { current: null as HTMLInputElement | null };
    const typed: string[] = [];
    function NoteForm() {
      const { register, watch } = useForm<{ note: string }>({ defaultValues: { note: "" } });
      return (
        <form>
          <TextField
            id="own-note"
            label="Note"
            registration={register("note")}
            ref={ref}
            onChange={(event) => typed.push(event.target.value)}
          />
          <output>Form has: {watch("note")}</output>
        </form>
      );
    }
    render(<NoteForm />);
    const note = screen.getByLabelText("Note");
    expect(ref.current).toBe(note);
    await userEvent.setup().type(note, "Red");
    expect(typed).toEqual(["R", "Re", "Red"]);
    expect(screen.getByText("Form has: Red")).toBeInTheDocument();
  });

  it("take plain attributes and a ref without react-hook-form, and offer suggestions", () => {
    const ref = { current: null as HTMLInputElement | null };
    render(
      <form>
        <TextField id="plain-tool" label="Tool" name="tool" ref={ref} suggestions={["Saw", "Level"]} />
        <FileField id="plain-image" label="Image" accept="image/png" error="Not a picture" />
      </form>,
    );
    const tool = screen.getByRole("combobox", { name: "Tool" });
    expect(ref.current).toBe(tool);
    expect(tool).toHaveAttribute("name", "tool");
    expect(tool).toHaveAttribute("list", "plain-tool-suggestions");
    expect(document.querySelectorAll("#plain-tool-suggestions option")).toHaveLength(2);
    const image = screen.getByLabelText("Image");
    expect(image).toHaveAttribute("type", "file");
    expect(image).toHaveClass("file-input", "w-full");
    expect(image).toHaveAccessibleDescription("Not a picture");
  });
});
