/** Colours and sizes shared by the blocks. */
export const PDF_STYLE = {
  margin: 50,
  headerGap: 22,
  bodySize: 10,
  smallSize: 8,
  titleSize: 18,
  headingSize: 13,
  text: '#1f1f1f',
  muted: '#666666',
  rule: '#d9d9d9',
  headerFill: '#f0f2f5',
} as const;
