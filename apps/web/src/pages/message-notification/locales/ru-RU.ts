/** Message notification (ru-RU). */
export default {};
