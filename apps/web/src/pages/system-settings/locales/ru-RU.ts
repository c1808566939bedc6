/** System settings (ru-RU). */
export default {};
