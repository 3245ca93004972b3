/**
 * The crop control of image-crop.tsx (browser only, loaded with React.lazy once a file is chosen):
 * react-easy-crop with the output's aspect ratio — drag the image (or focus the crop area and use the arrow
 * keys) to position it, the 'Zoom' range to zoom — a preview of the result at half the output size, and the
 * crop rectangle in the source image's pixels (`croppedAreaPixels`) in hidden inputs for the server.
 */
import { useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import type { CropFieldNames } from "./image-crop";

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.1;

export interface ImageCropperProps {
  /** The chosen file's object URL. */
  src: string;
  /** Its size in pixels (from its header). */
  naturalWidth: number;
  naturalHeight: number;
  outputWidth: number;
  outputHeight: number;
  cropFields: CropFieldNames;
  idPrefix: string;
}

export default function ImageCropper({ src, naturalWidth, naturalHeight, outputWidth, outputHeight, cropFields, idPrefix }: ImageCropperProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const zoomId = `${idPrefix}-zoom`;
  const helpId = `${idPrefix}-crop-help`;
  return (
    <div className="image-crop-editor">
      <div className="image-crop-stage">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={outputWidth / outputHeight}
          showGrid={false}
          // Its rules are in image-crop.css: an injected <style> would be refused by the CSP (no nonce in the browser).
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          cropperProps={{ role: "group", "aria-label": "Crop area", "aria-describedby": helpId } as never}
        />
      </div>
      <p id={helpId} className="field-hint">
        Drag the image, or focus the crop area and use the arrow keys, to position it. Zoom with the slider.
      </p>
      <div className="field image-crop-zoom">
        <label htmlFor={zoomId}>Zoom</label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={ZOOM_STEP}
          value={zoom}
          aria-valuetext={`${Math.round(zoom * 100)}%`}
          onChange={(event) => setZoom(Number(event.currentTarget.value))}
        />
      </div>
      {area ? (
        <>
          <figure className="image-crop-preview">
            <div className="image-crop-preview-frame" style={{ width: outputWidth / 2, height: outputHeight / 2 }}>
              <img
                src={src}
                alt={`Preview of the crop (${outputWidth}×${outputHeight})`}
                style={previewStyle(area, naturalWidth, naturalHeight, outputWidth / 2)}
              />
            </div>
            <figcaption className="field-hint">Preview</figcaption>
          </figure>
          <input type="hidden" name={cropFields.x} value={area.x} />
          <input type="hidden" name={cropFields.y} value={area.y} />
          <input type="hidden" name={cropFields.width} value={area.width} />
          <input type="hidden" name={cropFields.height} value={area.height} />
        </>
      ) : null}
    </div>
  );
}

/** The whole image scaled so the crop area fills a frame `frameWidth` wide, shifted so the area is in the frame. */
function previewStyle(area: Area, naturalWidth: number, naturalHeight: number, frameWidth: number) {
  const scale = frameWidth / area.width;
  return {
    position: "absolute" as const,
    left: -area.x * scale,
    top: -area.y * scale,
    width: naturalWidth * scale,
    height: naturalHeight * scale,
    maxWidth: "none",
  };
}
