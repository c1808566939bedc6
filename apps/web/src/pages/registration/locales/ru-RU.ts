/** Registration and password recovery (ru-RU). */
export default {};
