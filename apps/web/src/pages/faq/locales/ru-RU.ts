/** Common problem management (ru-RU). */
export default {};
