import { ATLAS_PICTURE, TITLE_PICTURE } from "@xiangyu/core/goods/schemas";
import { pictureProblem, type PictureRule } from "@xiangyu/core/goods/rules";

/**
 * The console's side of R399 and R400: the picture's pixel size read by the browser and judged by
 * the same rule the server applies to the stored file (core goods/images.ts), before it is uploaded.
 */
function pixelSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

const TYPES: Record<string, "png" | "gif" | "jpg"> = { "image/png": "png", "image/gif": "gif", "image/jpeg": "jpg" };

const checker = (rule: PictureRule) => async (file: File) => {
  const size = await pixelSize(file);
  const type = TYPES[file.type];
  return pictureProblem(file.size, size && type ? { type, ...size } : null, rule);
};

export const checkTitlePicture = checker(TITLE_PICTURE);
export const checkAtlasPicture = checker(ATLAS_PICTURE);
