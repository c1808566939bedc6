/** Menu management (ru-RU). */
export default {};
