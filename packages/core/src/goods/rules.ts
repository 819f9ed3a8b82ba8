/** The goods area's pure rules, as the console imports them (eslint allows `<area>/rules`). */
export * from "./specs.ts";
export * from "./orderStatus.ts";
export { imageSize, pictureProblem, PICTURE_MSG, type ImageSize, type PictureRule } from "./images.ts";
