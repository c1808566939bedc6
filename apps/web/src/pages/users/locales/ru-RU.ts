/** User management (ru-RU). */
export default {};
