// Ready-to-paste verification code for a receiver, one per language, each using the stock Standard Webhooks
// library (they check the `v1,` HMAC signature with the endpoint's whsec_ secret and the 5-minute tolerance).
export interface Snippet {
  language: string;
  install: string;
  code: string;
}

export function verificationSnippets(secretHint = "whsec_…"): Snippet[] {
  const env = "WEBHOOK_SECRET";
  return [
    {
      language: "Node",
      install: "npm install standardwebhooks",
      code: `import express from "express";
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.${env}); // ${secretHint}
const app = express();

// Verify the raw body: parsed and re-serialised JSON no longer matches the signature.
app.post("/webhooks", express.raw({ type: "application/json" }), (req, res) => {
  try {
    const event = wh.verify(req.body.toString("utf8"), req.headers);
    console.log("verified", event.event_name);
    res.sendStatus(204);
  } catch {
    res.sendStatus(400);
  }
});

app.listen(3000);`,
    },
    {
      language: "Python",
      install: "pip install standardwebhooks",
      code: `import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook

wh = Webhook(os.environ["${env}"])  # ${secretHint}
app = Flask(__name__)

@app.post("/webhooks")
def webhooks():
    try:
        event = wh.verify(request.get_data(as_text=True), dict(request.headers))
    except Exception:
        return "", 400
    print("verified", event["event_name"])
    return "", 204`,
    },
    {
      language: "Go",
      install: "go get github.com/standard-webhooks/libraries/go",
      code: `package main

import (
	"io"
	"log"
	"net/http"
	"os"

	standardwebhooks "github.com/standard-webhooks/libraries/go"
)

func main() {
	wh, err := standardwebhooks.NewWebhook(os.Getenv("${env}")) // ${secretHint}
	if err != nil {
		log.Fatal(err)
	}
	http.HandleFunc("/webhooks", func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil || wh.Verify(body, r.Header) != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	log.Fatal(http.ListenAndServe(":3000", nil))
}`,
    },
    {
      language: "Ruby",
      install: "gem install standardwebhooks",
      code: `require "sinatra"
require "standardwebhooks"

WH = StandardWebhooks::Webhook.new(ENV.fetch("${env}")) # ${secretHint}

post "/webhooks" do
  payload = request.body.read
  headers = {
    "webhook-id" => request.env["HTTP_WEBHOOK_ID"],
    "webhook-timestamp" => request.env["HTTP_WEBHOOK_TIMESTAMP"],
    "webhook-signature" => request.env["HTTP_WEBHOOK_SIGNATURE"],
  }
  begin
    event = WH.verify(payload, headers)
  rescue StandardError
    halt 400
  end
  puts "verified #{event["event_name"]}"
  status 204
end`,
    },
    {
      language: "PHP",
      install: "composer require standard-webhooks/standard-webhooks:dev-main",
      code: `<?php
require __DIR__ . "/vendor/autoload.php";

$wh = new \\StandardWebhooks\\Webhook(getenv("${env}")); // ${secretHint}

$payload = file_get_contents("php://input");
$headers = [
    "webhook-id" => $_SERVER["HTTP_WEBHOOK_ID"] ?? "",
    "webhook-timestamp" => $_SERVER["HTTP_WEBHOOK_TIMESTAMP"] ?? "",
    "webhook-signature" => $_SERVER["HTTP_WEBHOOK_SIGNATURE"] ?? "",
];

try {
    $event = $wh->verify($payload, $headers);
} catch (Exception $e) {
    http_response_code(400);
    exit;
}
http_response_code(204);`,
    },
  ];
}
