import { useEffect, useId, useState, type ChangeEvent } from "react";
import { CloseIcon, PlusIcon } from "../../../../components/moreIcons";
import { t } from "../../../../lib/i18n";

/**
 * Picked files as addresses an <img> can show: data: URLs, which the store's Content-Security-Policy allows for
 * images (blob: it does not). "" while a file is still being read.
 */
export function usePreviewUrls(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<ReadonlyMap<File, string>>(() => new Map());
  useEffect(() => {
    let current = true;
    void Promise.all(files.map((file) => readAsDataUrl(file).then((url): [File, string] => [file, url]))).then((read) => {
      if (current) setUrls(new Map(read));
    });
    return () => {
      current = false;
    };
  }, [files]);
  return files.map((file) => urls.get(file) ?? "");
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => resolve("");
    reader.readAsDataURL(file);
  });
}

interface ImagePickerProps {
  files: readonly File[];
  /** The files' addresses (usePreviewUrls), read once for the picker and the preview. */
  urls: readonly string[];
  onChange: (files: File[]) => void;
  /** "Photos" on create, "New photos" on edit. */
  label: string;
}

/** Spec §2: multi-image picking, images only. The server decides the real type from the content. */
export function ImagePicker({ files, urls, onChange, label }: ImagePickerProps) {
  const id = useId();
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])].filter((file) => file.type === "" || file.type.startsWith("image/"));
    onChange([...files, ...picked]);
    event.target.value = "";
  };
  return (
    <div className="field admin-field">
      <span className="field__label">{label}</span>
      <div className="admin-images">
        {files.map((file, index) => (
          <figure key={`${index}-${file.name}-${file.size}`} className="admin-images__item" data-testid="picked-image">
            {urls[index] ? (
              <img src={urls[index]} alt={file.name} width={88} height={88} />
            ) : (
              <span className="admin-images__reading" role="img" aria-label={file.name} />
            )}
            <button
              type="button"
              className="admin-images__remove"
              aria-label={t("staff.form.removeFile", { name: file.name })}
              onClick={() => onChange(files.filter((_, other) => other !== index))}
            >
              <CloseIcon />
            </button>
          </figure>
        ))}
        <label className="admin-images__add" htmlFor={id}>
          <PlusIcon />
          {t("staff.form.addPhotos")}
        </label>
        <input id={id} className="admin-images__input" type="file" accept="image/*" multiple onChange={onPick} data-testid="image-input" />
      </div>
    </div>
  );
}
