/** Personal center (ru-RU). */
export default {};
