import { IMAGE_MAX_BYTES, LOGO_MAX_BYTES, type UploadResult } from "@store/contract";
import { useRef, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { api } from "../api/client";
import { i18next, useTranslation } from "../i18n";
import { errorText } from "../i18n/errors";
import { translate } from "../i18n/messages";
import { ImageWithFallback } from "./ImageWithFallback";

export const INVALID_TYPE_ALERT = "Ahem, please use a valid image file type. 😏";
export const TOO_LARGE_ALERT = "Uh-oh! file size is too big. 😒";

/** What each kind of picker accepts (docs/REQUIREMENTS.md section 5). */
const KINDS = {
  product: { types: ["jpg", "jpeg", "png", "gif"], maxBytes: IMAGE_MAX_BYTES },
  banner: { types: ["jpg", "jpeg", "png", "gif"], maxBytes: IMAGE_MAX_BYTES },
  brand: { types: ["jpg", "jpeg", "png"], maxBytes: IMAGE_MAX_BYTES },
  logo: { types: ["jpg", "jpeg", "png", "gif"], maxBytes: LOGO_MAX_BYTES },
} as const;
export type ImageKind = keyof typeof KINDS;

/**
 * The file's problem in the words of docs/REQUIREMENTS.md section 5 (in the
 * chosen language), or null when it may be uploaded.
 */
export function checkImage(file: File, kind: ImageKind): string | null {
  const rule = KINDS[kind];
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!(rule.types as readonly string[]).includes(ext) || !file.type.startsWith("image/"))
    return i18next.t("common.invalidImageType");
  if (file.size > rule.maxBytes) return i18next.t("common.imageTooLarge");
  return null;
}

interface ImagePickerProps {
  kind: ImageKind;
  /** File names as stored in the record. */
  value: string[];
  onChange: (fileNames: string[]) => void;
  multiple?: boolean;
  id?: string;
  label?: string;
  /**
   * How a refused file is told: the alert of docs/REQUIREMENTS.md section 5 by
   * default; the settings logo shows its errors inline instead.
   */
  onReject?: (message: string) => void;
}

/**
 * Chooses, checks, uploads and previews images. A refused file raises the alert
 * of docs/REQUIREMENTS.md section 5 and clears the input; accepted files are
 * uploaded at once and their stored names handed to the form.
 */
export function ImagePicker({
  kind,
  value,
  onChange,
  multiple = false,
  id,
  label,
  onReject,
}: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const accept = KINDS[kind].types.map((t) => `.${t}`).join(",");

  async function choose(files: FileList | null) {
    if (!files?.length) return;
    const chosen = [...files];
    for (const file of chosen) {
      const problem = checkImage(file, kind);
      if (problem) {
        if (onReject) onReject(problem);
        else window.alert(problem);
        if (input.current) input.current.value = "";
        return;
      }
    }
    setUploading(true);
    try {
      const names: string[] = [];
      for (const file of chosen) {
        const form = new FormData();
        form.append("file", file);
        const stored = await api.post<UploadResult>(`uploads?kind=${kind}`, form);
        names.push(stored.file_name);
      }
      onChange(multiple ? [...value, ...names] : names.slice(0, 1));
    } catch (error) {
      const message = error instanceof Error ? errorText(error) : t("common.uploadFailed");
      if (onReject) onReject(message);
      else window.alert(message);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div>
      <Form.Control
        ref={input}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={label ? translate(label) : t("common.uploadImage")}
        disabled={uploading}
        onChange={(e) => void choose((e.target as HTMLInputElement).files)}
      />
      {uploading && <small className="text-muted">{t("common.uploading")}</small>}
      {value.length > 0 && (
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          {value.map((name) => (
            <ImageWithFallback
              key={name}
              fileName={name}
              alt={t("common.preview")}
              className="rounded border"
              style={{ width: 80, height: 80, objectFit: "cover" }}
            />
          ))}
          <Button variant="outline-danger" size="sm" onClick={() => onChange([])}>
            {multiple ? t("common.removeAll") : t("common.remove")}
          </Button>
        </div>
      )}
    </div>
  );
}
