import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_NAME_PATTERN } from '@apm/contract';
import { Form, Input } from 'antd';

/** Texts of {@link OrganisationFields}, in the page's own words. */
export interface OrganisationFieldsTexts {
  officeName: string;
  officeNameRequired: string;
  officeNameTooLong: string;
  loginName: string;
  loginNameRequired: string;
  loginNamePattern: string;
}

/** Props of {@link OrganisationFields}. */
export interface OrganisationFieldsProps {
  /** Name of the login name's field (`loginName`, `username`); the organisation's is `officeName`. */
  loginNameField: string;
  texts: OrganisationFieldsTexts;
}

/** A new organisation's name and its administrator's login name (sign-up, system initialisation). */
export function OrganisationFields({ loginNameField, texts }: OrganisationFieldsProps) {
  return (
    <>
      <Form.Item
        name="officeName"
        label={texts.officeName}
        rules={[
          { required: true, whitespace: true, message: texts.officeNameRequired },
          { max: 100, message: texts.officeNameTooLong },
        ]}
      >
        <Input prefix={<BankOutlined />} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name={loginNameField}
        label={texts.loginName}
        rules={[
          { required: true, whitespace: true, message: texts.loginNameRequired },
          { pattern: LOGIN_NAME_PATTERN, message: texts.loginNamePattern },
        ]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={50} />
      </Form.Item>
    </>
  );
}
