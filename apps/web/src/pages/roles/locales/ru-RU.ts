/** Role management (ru-RU). */
export default {};
