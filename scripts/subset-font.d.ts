// subset-font ships no types; this is the part scripts/build-fonts.ts uses.
declare module 'subset-font' {
  type SubsetOptions = { targetFormat?: 'sfnt' | 'woff' | 'woff2' };
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}
