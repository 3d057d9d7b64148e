// The NetworkPolicy agent of the test cluster (docs/kubernetes.md, "NetworkPolicy enforcement in
// the test cluster"): the controller of sigs.k8s.io/kube-network-policies run as a host process.
// The project's own command only takes in-cluster credentials (it is made to run as a DaemonSet);
// the test cluster's agent runs beside the kubelet with the admin kubeconfig, so this command
// builds the same controller from a kubeconfig. It stops on SIGTERM as well as SIGINT so that
// cluster.sh can stop it by pid and the controller removes what it set up.
package main

import (
	"context"
	"flag"
	"os"
	"os/signal"
	"syscall"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/klog/v2"
	"sigs.k8s.io/kube-network-policies/pkg/networkpolicy"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "kubeconfig of the cluster whose NetworkPolicies are enforced")
	nodeName := flag.String("hostname-override", "", "name of the Node this agent enforces policies for")
	queueID := flag.Int("nfqueue-id", 100, "netfilter queue the first packet of each connection is diverted to")
	klog.InitFlags(nil)
	flag.Parse()
	if *kubeconfig == "" || *nodeName == "" {
		klog.Exit("--kubeconfig and --hostname-override are required")
	}

	config, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		klog.Exitf("reading %s: %v", *kubeconfig, err)
	}
	client, err := kubernetes.NewForConfig(config)
	if err != nil {
		klog.Exitf("creating the API client: %v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	factory := informers.NewSharedInformerFactory(client, 0)
	// AdminNetworkPolicies are alpha and not served by the test cluster: only NetworkPolicies.
	controller, err := networkpolicy.NewController(
		client,
		factory.Networking().V1().NetworkPolicies(),
		factory.Core().V1().Namespaces(),
		factory.Core().V1().Pods(),
		nil, nil, nil, nil,
		networkpolicy.Config{QueueID: *queueID, NodeName: *nodeName},
	)
	if err != nil {
		klog.Exitf("creating the NetworkPolicy controller: %v", err)
	}
	factory.Start(ctx.Done())
	if err := controller.Run(ctx); err != nil {
		klog.Exitf("NetworkPolicy controller: %v", err)
	}
}
