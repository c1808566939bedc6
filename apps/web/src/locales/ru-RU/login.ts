import type en from '../en-US/login';

/** Страница входа. */
const login: typeof en = {
  title: 'Вход',
  username: 'Имя пользователя',
  usernameRequired: 'Введите имя пользователя',
  password: 'Пароль',
  passwordRequired: 'Введите пароль',
  captcha: 'Код с картинки',
  captchaPlaceholder: 'Символы с картинки',
  captchaRequired: 'Введите символы, показанные на картинке',
  captchaRefresh: 'Нажмите, чтобы обновить картинку',
  verificationCode: 'Код подтверждения',
  verificationRequired: 'Введите код подтверждения',
  sendBy: 'Способ получения кода',
  wayEmail: 'Эл. почта',
  waySms: 'SMS',
  sendCode: 'Получить код',
  resendIn: 'Повторно через {{seconds}} с',
  codeSent: 'Код подтверждения отправлен.',
  sendFailed: 'Не удалось отправить код подтверждения. Повторите попытку позже.',
  submit: 'Войти',
  register: 'Зарегистрироваться',
  forgot: 'Забыли пароль?',
  errors: {
    badCredentials: 'Неверное имя пользователя или пароль.',
    captchaRequired: 'Введите символы, показанные на картинке.',
    captchaWrong: 'Код с картинки введён неверно. Повторите попытку.',
    verificationRequired: 'Введите код подтверждения.',
    verificationWrong: 'Код подтверждения неверен или устарел.',
    accountDisabled: 'Эта учётная запись отключена. Обратитесь к администратору.',
    rateLimited: 'Слишком много попыток. Подождите немного и повторите.',
    decryptFailed: 'Ключ входа изменился. Повторите попытку.',
    network: 'Сервер недоступен. Проверьте подключение к сети.',
    unknown: 'Не удалось войти. Повторите попытку позже.',
  },
};
export default login;
