import { useRef } from "react";
import { Progress } from "../feedback/Progress.tsx";
import { PictureTiles } from "./PictureTiles.tsx";
import { usePictureUploads, type PendingPicture } from "./usePictureUploads.ts";

/**
 * Pictures of a record: jpg/png/gif/jpeg (R062) within a size limit (R064) and a count limit
 * (default 1, R067), each uploaded through the presigned flow with its progress; delete, and drag
 * to reorder (the first picture is the cover). The value is the list of picture URLs; a photo's URL
 * names the smaller WebP copies the browser made of it for the website (ui/upload/pictureVariants.ts).
 */
type Props = {
  value: string[];
  onChange: (urls: string[]) => void;
  max?: number;
  maxKB?: number;
  disabled?: boolean;
  /** A screen's own check of the picture before it is uploaded (the goods pictures' ratio and pixels): the message refuses it. */
  check?: (file: File) => Promise<string | null>;
};

export function ImageUploader({ value, onChange, max = 1, maxKB, disabled, check }: Props) {
  const { pending, add } = usePictureUploads({ value, onChange, max, maxKB, check });
  const full = value.length + pending.length >= max;
  return (
    <div className="flex flex-wrap gap-2">
      <PictureTiles value={value} onChange={onChange} disabled={disabled} />
      {pending.map((p) => (
        <PendingTile key={p.key} picture={p} />
      ))}
      <AddPictures multiple={max > 1} shown={!full && !disabled} onFiles={(files) => void add(files)} />
    </div>
  );
}

/** A picture being uploaded: its name over its progress. */
function PendingTile({ picture: p }: { picture: PendingPicture }) {
  return (
    <div className="flex size-24 flex-col justify-center gap-1 rounded border border-slate-200 bg-slate-50 p-2" title={p.name}>
      <span className="truncate text-xs text-slate-500">{p.name}</span>
      <Progress value={p.percent} label={p.label} />
    </div>
  );
}

/** The ＋ tile (a click opens the file dialog, files may be dropped on it) and the file input, which stays while the tile is hidden. */
function AddPictures({ multiple, shown, onFiles }: { multiple: boolean; shown: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      {shown && (
        <button
          type="button"
          aria-label="上传图片"
          onClick={() => input.current?.click()}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            onFiles([...e.dataTransfer.files]);
          }}
          className="flex size-24 flex-col items-center justify-center rounded border border-dashed border-slate-300 text-slate-400 hover:border-blue-500 hover:text-blue-600"
        >
          <span className="text-2xl leading-none">＋</span>
          <span className="mt-1 text-xs">上传图片</span>
        </button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid="image-file"
        accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
        multiple={multiple}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
    </>
  );
}
