import type en from '../en-US/login';

/** 로그인 페이지. */
const login: typeof en = {
  title: '로그인',
  username: '사용자 이름',
  usernameRequired: '사용자 이름을 입력하세요',
  password: '비밀번호',
  passwordRequired: '비밀번호를 입력하세요',
  captcha: '이미지 코드',
  captchaPlaceholder: '이미지의 문자',
  captchaRequired: '이미지에 표시된 문자를 입력하세요',
  captchaRefresh: '클릭하면 새 이미지가 표시됩니다',
  verificationCode: '인증 코드',
  verificationRequired: '인증 코드를 입력하세요',
  sendBy: '코드 받을 방법',
  wayEmail: '이메일',
  waySms: 'SMS',
  sendCode: '코드 보내기',
  resendIn: '{{seconds}}초 후 재전송',
  codeSent: '인증 코드를 보냈습니다.',
  sendFailed: '인증 코드를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
  submit: '로그인',
  register: '계정 만들기',
  forgot: '비밀번호를 잊으셨나요?',
  errors: {
    badCredentials: '사용자 이름 또는 비밀번호가 올바르지 않습니다.',
    captchaRequired: '이미지에 표시된 문자를 입력하세요.',
    captchaWrong: '이미지 코드가 올바르지 않습니다. 다시 시도해 주세요.',
    verificationRequired: '인증 코드를 입력하세요.',
    verificationWrong: '인증 코드가 올바르지 않거나 만료되었습니다.',
    accountDisabled: '이 계정은 비활성화되었습니다. 관리자에게 문의하세요.',
    rateLimited: '시도 횟수가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    decryptFailed: '로그인 키가 변경되었습니다. 다시 시도해 주세요.',
    network: '서버에 연결할 수 없습니다. 네트워크 연결을 확인하세요.',
    unknown: '로그인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  },
};
export default login;
