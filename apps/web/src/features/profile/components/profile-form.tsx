import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import {
  PROFILE_LIMITS,
  PROFILE_UPDATED,
  type Profile,
  type ProfileField,
  type ProfileUpdate,
  profileUpdateSchema,
} from "@toolshop/shared/profile";
import { useForm } from "react-hook-form";
import { TextAreaField, TextField } from "../../../components/form-fields";
import { LoadError } from "../../../components/load-error";
import { Spinner } from "../../../components/spinner";
import { notify } from "../../../lib/toast";
import { profileQueryOptions } from "../api/get-profile";
import { useUpdateProfile } from "../api/update-profile";

const FIELDS: {
  name: ProfileField;
  label: string;
  autoComplete: string;
  type?: string;
  inputMode?: "tel" | "url";
  placeholder?: string;
  hint?: string;
}[] = [
  { name: "displayName", label: "Name", autoComplete: "name" },
  { name: "address", label: "Address", autoComplete: "street-address" },
  { name: "education", label: "Education", autoComplete: "off" },
  { name: "phoneNumber", label: "Phone number", autoComplete: "tel", type: "tel", inputMode: "tel" },
  { name: "location", label: "Location", autoComplete: "address-level2" },
  {
    name: "linkedin",
    label: "LinkedIn",
    autoComplete: "url",
    type: "url",
    inputMode: "url",
    placeholder: "https://www.linkedin.com/in/…",
  },
  // Billed on the invoice of each order placed from now on (an order keeps the company it was placed with).
  { name: "company", label: "Company", autoComplete: "organization", hint: "Billed on your invoices" },
  {
    name: "taxId",
    label: "VAT number",
    autoComplete: "off",
    placeholder: "GB 123 4567 89",
    hint: "Your company's tax or VAT number, printed on your invoices",
  },
];

interface ProfileFormProps {
  /** The signed-in user's email. */
  email: string;
  /** Called with the saved display name, so that the account menu can show it at once. */
  onNameSaved?: (name: string) => void;
}

/** docs/product.md section 2, My Profile: every field optional; the form opens with the saved values. */
export function ProfileForm({ email, onNameSaved }: ProfileFormProps) {
  const profile = useQuery(profileQueryOptions(email));
  if (profile.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading your profile" />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <LoadError
        title="Your profile could not be loaded."
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isRefetching}
      />
    );
  }
  return <ProfileFields saved={profile.data} onNameSaved={onNameSaved} />;
}

function ProfileFields({ saved, onNameSaved }: { saved: Profile } & Pick<ProfileFormProps, "onNameSaved">) {
  const updateProfile = useUpdateProfile();
  const { email, ...values } = saved;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: values,
    mode: "onTouched",
  });

  const onSubmit = async (update: ProfileUpdate) => {
    try {
      const { email: _email, ...stored } = await updateProfile.mutateAsync(update);
      reset(stored);
      if (stored.displayName) onNameSaved?.(stored.displayName);
      notify.success(PROFILE_UPDATED);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : "Your profile could not be saved.");
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <p className="text-sm font-medium">Email</p>
        <p className="break-all text-base-content/80">{email}</p>
      </div>
      {FIELDS.map((field) =>
        field.name === "address" ? (
          // A postal address has lines, as at checkout, which it fills.
          <TextAreaField
            key={field.name}
            id="profile-address"
            label={field.label}
            labelNote="(optional)"
            error={errors.address?.message}
            registration={register("address")}
            rows={3}
            autoComplete={field.autoComplete}
            maxLength={PROFILE_LIMITS.address}
          />
        ) : (
          <TextField
            key={field.name}
            id={`profile-${field.name}`}
            label={field.label}
            labelNote="(optional)"
            error={errors[field.name]?.message}
            registration={register(field.name)}
            type={field.type ?? "text"}
            inputMode={field.inputMode}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            hint={field.hint}
            maxLength={PROFILE_LIMITS[field.name]}
          />
        ),
      )}
      <div className="flex items-center gap-3 sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Update profile"}
        </button>
        {isDirty ? <span className="text-sm text-base-content/70">Unsaved changes</span> : null}
      </div>
    </form>
  );
}
