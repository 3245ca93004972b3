/**
 * An image field with a crop control (guide §6 "Images"; the organization logo of 001 §2.6, the admin area's
 * organization logo): shared by every form that uploads a logo.
 *
 * The server renders a labelled `<input type="file" accept="image/png">` with its help text and errors: without
 * JavaScript the file posts as it is and the server crops its centre. Once JavaScript runs and a file is chosen,
 * React.lazy loads the crop control (image-crop.client.tsx, react-easy-crop): the admin drags and zooms the
 * crop area (aspect `outputWidth`/`outputHeight`), sees a preview of the result, and the rectangle in the
 * source image's pixels is written into hidden inputs (`cropFields`, read on the server by `cropFromFields`).
 * The file itself is always sent unchanged: the server crops it (the browser never re-encodes the image).
 * A file whose first bytes show the server will refuse it (not a PNG, too large, too many pixels — a
 * decompression bomb) is not decoded in the browser either: no preview, the server's message after Save.
 * Only routes that render this component fetch the control's chunk. Its styles: image-crop.css (link it from the
 * route: importing this file for a link would load the field's code with the page, not with the dialog that has it).
 */
import { Suspense, useEffect, useState, type ChangeEvent } from "react";
import { ErrorList } from "../components/field";
import { useHydrated } from "../components/use-hydrated";
import { PNG_HEADER_BYTES, pngHeaderCheck } from "../media/logo-image";
import { lazyPart } from "../components/lazy-part";

const ImageCropper = lazyPart(() => import("./image-crop.client"));

export interface CropFieldNames {
  x: string;
  y: string;
  width: string;
  height: string;
}

export interface ImageCropProps {
  /** The file input's id (the label's target) and name (the multipart part). */
  id: string;
  name: string;
  label: string;
  /** The help text under the input (formats, limits, output size). */
  help: string;
  /** The size the server makes of the crop: the crop area keeps its aspect ratio. */
  outputWidth: number;
  outputHeight: number;
  /** The hidden inputs the crop rectangle (source pixels) is written to. */
  cropFields: CropFieldNames;
  /** The field's error messages (the server's, after a post). */
  errors?: string[] | null;
  errorId: string;
}

type Chosen = { url: string; width: number; height: number } | { url: null };

/** What the crop control needs of a chosen file: an object URL when its first bytes allow a preview. */
async function inspect(file: File): Promise<Chosen> {
  const head = new Uint8Array(await file.slice(0, PNG_HEADER_BYTES).arrayBuffer());
  const check = pngHeaderCheck(head, file.size);
  return check.ok ? { url: URL.createObjectURL(file), width: check.width, height: check.height } : { url: null };
}

export function ImageCrop({ id, name, label, help, outputWidth, outputHeight, cropFields, errors, errorId }: ImageCropProps) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const hintId = `${id}-hint`;
  const invalid = (errors ?? []).length > 0;

  // The object URL lives as long as its file is the chosen one.
  useEffect(() => {
    const url = chosen?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [chosen]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) {
      setChosen(null);
      return;
    }
    inspect(file).then(setChosen, () => setChosen({ url: null }));
  };

  return (
    <div className="field image-crop">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name={name}
        accept="image/png"
        aria-describedby={`${hintId} ${errorId}`}
        aria-invalid={invalid || undefined}
        onChange={onChange}
      />
      <p id={hintId} className="field-hint">
        {help}
      </p>
      <ErrorList id={errorId} errors={errors} />
      {hydrated && chosen ? (
        chosen.url ? (
          <Suspense fallback={<p className="image-crop-note">Loading the crop control…</p>}>
            <ImageCropper
              key={chosen.url}
              src={chosen.url}
              naturalWidth={chosen.width}
              naturalHeight={chosen.height}
              outputWidth={outputWidth}
              outputHeight={outputHeight}
              cropFields={cropFields}
              idPrefix={id}
            />
          </Suspense>
        ) : (
          <p className="image-crop-note">There is no preview of this file. It is checked when you save.</p>
        )
      ) : null}
    </div>
  );
}
