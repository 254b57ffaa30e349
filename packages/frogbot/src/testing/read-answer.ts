/** A response's status, headers and body: parsed JSON, or the text when it is not JSON. */
export async function readAnswer(response: Response): Promise<{ status: number; json: any; headers: Headers }> {
  const text = await response.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: response.status, json, headers: response.headers }
}
