/** Dictionary management (ru-RU). */
export default {};
