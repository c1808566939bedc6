/** System log (ru-RU). */
export default {};
