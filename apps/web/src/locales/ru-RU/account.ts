import type en from '../en-US/account';

/** Личный кабинет и форма смены просроченного пароля. */
const account: typeof en = {
  profile: 'Моя учётная запись',
  name: 'Имя',
  loginName: 'Логин',
  office: 'Организация',
  pwdExpiredTitle: 'Срок действия пароля истёк',
  pwdExpiredDesc: 'Для безопасности учётной записи задайте новый пароль, прежде чем продолжить.',
  oldPassword: 'Текущий пароль',
  oldPasswordRequired: 'Введите текущий пароль',
  newPassword: 'Новый пароль',
  newPasswordRequired: 'Введите новый пароль',
  newPasswordRule:
    'Новый пароль должен содержать 8–64 символа, включая строчную букву, заглавную букву, цифру и специальный символ',
  newPasswordSame: 'Новый пароль должен отличаться от текущего',
  confirmPassword: 'Подтверждение нового пароля',
  confirmRequired: 'Подтвердите новый пароль',
  confirmMismatch: 'Подтверждение не совпадает с новым паролем',
  submit: 'Сменить пароль',
  success: 'Пароль изменён.',
  wrongOld: 'Текущий пароль введён неверно.',
  failed: 'Не удалось сменить пароль. Повторите попытку.',
  email: 'Эл. почта',
  phone: 'Телефон',
  roles: 'Роли',
  changePassword: 'Сменить пароль',
};
export default account;
