import { Alert, Button, Card, Form, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import type { RegistrationForm } from './use-registration-form';

/** Props of {@link RegistrationFormCard}. */
export interface RegistrationFormCardProps<V extends object> {
  /** The page's form state. */
  flow: RegistrationForm<V>;
  /** Name of the form: field ids are `<name>_<field>`. */
  name: string;
  /** Start of the test ids: `<testId>-page`, `-error` and `-submit`. */
  testId: string;
  title: string;
  intro: string;
  submitText: string;
  onFinish(values: V): void;
  /** The form's fields. */
  children: ReactNode;
}

/** A sign-up or recovery form's card: intro, warnings, fields, submit, the way back to sign-in. */
export function RegistrationFormCard<V extends object>(props: RegistrationFormCardProps<V>) {
  const { flow, name, testId, title, intro, submitText, onFinish, children } = props;
  const { t, form, config, ways, submitting, error } = flow;
  return (
    <Card title={title} data-testid={`${testId}-page`}>
      <Spin spinning={config.isPending}>
        <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
        {config.data && ways.length === 0 ? <Alert type="warning" showIcon title={t('noWays')} /> : null}
        <FormErrorAlert error={error} testId={`${testId}-error`} />
        <Form<V>
          form={form}
          name={name}
          layout="vertical"
          onFinish={onFinish}
          disabled={submitting}
          initialValues={{ way: ways[0] ?? 'email' }}
        >
          {children}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            data-testid={`${testId}-submit`}
          >
            {submitText}
          </Button>
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
            <Link to="/login">{t('haveAccount')}</Link>
          </Typography.Paragraph>
        </Form>
      </Spin>
    </Card>
  );
}
