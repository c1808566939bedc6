import type en from '../en-US/account';

/** 개인 센터와 만료된 비밀번호 변경 양식. */
const account: typeof en = {
  profile: '내 계정',
  name: '이름',
  loginName: '로그인 이름',
  office: '기관',
  pwdExpiredTitle: '비밀번호가 만료되었습니다',
  pwdExpiredDesc: '계정 보안을 위해 계속하기 전에 새 비밀번호를 설정하세요.',
  oldPassword: '현재 비밀번호',
  oldPasswordRequired: '현재 비밀번호를 입력하세요',
  newPassword: '새 비밀번호',
  newPasswordRequired: '새 비밀번호를 입력하세요',
  newPasswordRule: '새 비밀번호는 8–64자이며 소문자, 대문자, 숫자, 기호를 모두 포함해야 합니다',
  newPasswordSame: '새 비밀번호는 현재 비밀번호와 달라야 합니다',
  confirmPassword: '새 비밀번호 확인',
  confirmRequired: '새 비밀번호를 한 번 더 입력하세요',
  confirmMismatch: '새 비밀번호 확인이 새 비밀번호와 일치하지 않습니다',
  submit: '비밀번호 변경',
  success: '비밀번호가 변경되었습니다.',
  wrongOld: '현재 비밀번호가 올바르지 않습니다.',
  failed: '비밀번호를 변경하지 못했습니다. 다시 시도해 주세요.',
  email: '이메일',
  phone: '전화번호',
  roles: '역할',
  changePassword: '비밀번호 변경',
};
export default account;
